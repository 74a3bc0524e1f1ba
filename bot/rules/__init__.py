"""The rules engine: a small core shared by every ruleset, and one package per ruleset.

Standard library only: nothing here imports discord, sqlalchemy or PIL.
"""
