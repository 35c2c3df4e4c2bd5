"""Process categories (``/extension/actCategory/*``): a tree; models and definitions carry a category's name."""
