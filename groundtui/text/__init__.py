"""The text facts every part reads alike: citation markers, sentences, numbers, names.

Standard library only, so that the mechanical check, the importer, the judges and the UI
share one grammar without depending on each other.
"""
