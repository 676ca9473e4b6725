"""The rules site: content → Markdown pages → MkDocs-Material, plus the in-browser engine (Pyodide)."""
