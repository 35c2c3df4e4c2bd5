"""Passwords: hashed with argon2id, checked in constant work, at least six characters."""

from __future__ import annotations

import pytest

from loom_sys.user.errors import PasswordTooShort
from loom_sys.user.passwords import check_password_rules, hash_password, verify_password


def test_a_hash_verifies_only_its_own_password() -> None:
    # given
    stored = hash_password("secret-pw")
    # then
    assert stored != "secret-pw"
    assert verify_password(stored, "secret-pw") is True
    assert verify_password(stored, "secret-px") is False


def test_an_unknown_user_never_verifies_and_a_broken_hash_is_a_no() -> None:
    assert verify_password(None, "anything") is False
    assert verify_password("not-a-hash", "anything") is False


def test_a_password_shorter_than_six_characters_is_refused() -> None:
    with pytest.raises(PasswordTooShort):
        check_password_rules("12345")
    check_password_rules("123456")
