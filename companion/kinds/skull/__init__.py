"""skull: its rules (pure), its pad and page model, its templates, static files and messages."""
