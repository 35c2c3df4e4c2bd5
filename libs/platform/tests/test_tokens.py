"""An access token verified once is not verified again, yet it stops working when it expires."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from loom_platform.auth import TokenSigner, TokenVerifier, generate_keypair
from loom_platform.errors import TokenInvalid


def test_a_known_token_answers_its_caller_until_it_expires_and_a_forged_one_never(tmp_path: Path) -> None:
    # given a token valid for one second and the same token with another signature
    private, public = generate_keypair(tmp_path)
    signer, verifier = TokenSigner.from_file(private), TokenVerifier.from_file(public)
    token = signer.sign(
        user_id="u1", login_name="alice", session_id="s1", token_type="access", ttl_seconds=1, token_id="t1"
    )
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    # when it is presented twice, then after its expiry
    first, again = verifier.principal(token), verifier.principal(token)
    with pytest.raises(TokenInvalid):
        verifier.principal(forged)
    time.sleep(max(0.0, first.expires_at - time.time()) + 0.05)
    # then both answers name alice, and the expired token is refused
    assert (first.login_name, again) == ("alice", first)
    with pytest.raises(TokenInvalid):
        verifier.principal(token)
