"""The discord.py glue the cogs share: the bot class, answering in time, replies, errors, the command's hold on a game, seals, waiting."""
