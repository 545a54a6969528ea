"""The games nfgalaxy plays, each behind the core state protocol."""
