"""The Space Merchant rules engine on the shared step-queue protocol (``game.MerchantGame``)."""
