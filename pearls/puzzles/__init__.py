"""One module per puzzle: its types, ``moves``/``move``/``solved``, and its examples."""

__all__: list[str] = []
