"""The local console: the same commands as Discord, read from stdin (interactive or piped)."""
