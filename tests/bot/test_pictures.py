"""/draw, /deck and /status replies carry their picture as an attachment that the embed shows."""

import pytest

from .helpers import png


@pytest.mark.parametrize("command, filename", [("draw", "turn.png"), ("deck", "deck.png"), ("status", "status.png")])
async def test_the_embed_shows_the_attached_picture(scene, command, filename):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="brave")
    await scene.dora.slash(scene.channel, "deal")
    result = await scene.pete.slash(scene.channel, command) if command != "draw" else \
        await scene.dora.slash(scene.channel, command)
    message = result.response
    assert [a.filename for a in message.attachments] == [filename]
    assert message.embeds[0].image.url == f"attachment://{filename}"
    assert png(await message.attachments[0].read())
