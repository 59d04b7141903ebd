"""The Discord adapter: cogs, buttons and delivery over the same services as the console.

Named ``discord_app`` so it never shadows the ``discord`` package.
"""
