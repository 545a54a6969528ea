"""Space Merchant: an outline of Merchant of Venus (rules: ``shared/rules/space-merchant.md``).

This first layer holds the game's board and content as data — their models, file formats,
validators and seeded generators (``DATA.md``). There is no engine yet, so the package has no
descriptor and is not registered as a game: it must not appear anywhere until it plays.
"""
