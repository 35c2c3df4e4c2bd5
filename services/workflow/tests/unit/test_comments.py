"""How the history's comments read: the platform's own words in the reader's language."""

from __future__ import annotations

from loom_workflow.comments import duration_text, shown_status


def test_the_platforms_statuses_read_in_english_and_a_designers_button_names_stay() -> None:
    # given / when / then
    assert shown_status("_flow_agree", "同意", "en-US") == "Agreed"
    assert shown_status("_flow_agree", "超时自动通过", "en-US") == "Approved on deadline"
    assert shown_status("_flow_agree", "批准", "en-US") == "Agreed"  # a system button renamed
    assert shown_status("reapply", "退回修改", "en-US") == "退回修改"  # the designer's own button
    assert shown_status("deleted", "已取消", "en-US") == "Cancelled"
    assert shown_status("_flow_agree", "同意", "zh-CN") == "同意"


def test_a_duration_reads_in_the_readers_language() -> None:
    # given 2 minutes 7 seconds, and a day and an hour
    assert duration_text(127_000, "zh-CN") == "2分7秒"
    assert duration_text(127_000, "en-US") == "2 min 7 s"
    assert duration_text(90_000_000, "en-US") == "1 d 1 h"
    assert duration_text(None, "en-US") == "0 s"
    assert duration_text(0, "zh-CN") == "0秒"
