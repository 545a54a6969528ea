"""Answers from worker threads handed to the UI thread without waiting for it.

A bot's answer arrives on a thread of the worker pool, and it may arrive while the app is
quitting or the screen that asked has gone. ``App.call_from_thread`` blocks that thread until
the UI has run the callback, and it raises whatever the callback or a closing event loop raises
(a cancelled task, an unmounted widget) on the pool's thread, where nothing catches it:
``concurrent.futures`` prints the traceback, over the terminal the app has just given back.
Posting a message instead never waits and never raises into the worker: a widget that has
closed drops it, and the callback runs in the widget's own message loop, in the app's context.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

from textual.message import Message
from textual.message_pump import MessagePump


class Handoff(Message, bubble=False):
    """``callback(*args)``, to be run by the widget it was posted to."""

    def __init__(self, callback: Callable[..., Any], args: tuple[Any, ...]) -> None:
        super().__init__()
        self.callback = callback
        self.args = args


class ReceivesHandoffs:
    """Mixin for a widget or screen that takes answers from worker threads (see ``hand_over``)."""

    def on_handoff(self, message: Handoff) -> None:
        message.callback(*message.args)


def hand_over(pump: MessagePump, ui_thread: int, callback: Callable[..., Any], *args: Any) -> None:
    """Run ``callback(*args)`` on the UI thread, in ``pump``'s message loop, soon; never blocks.

    From the UI thread itself (a future that was already done runs its callbacks at once, on
    the thread that added them) the call is queued the same way. If ``pump`` has closed, or the
    app's loop has stopped, nobody is waiting for the answer and it is dropped."""
    if threading.get_ident() == ui_thread:
        pump.call_later(callback, *args)
        return
    # RuntimeError (NoActiveAppError is one): the widget left the app or the loop has closed.
    with contextlib.suppress(RuntimeError):
        pump.post_message(Handoff(callback, args))
