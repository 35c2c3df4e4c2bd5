from loom_platform.errors import InvalidArgument, Unauthenticated


class BadCredentials(Unauthenticated):
    message_key = "sys.login.bad_credentials"


class AccountLocked(Unauthenticated):
    message_key = "sys.login.locked"


class LoginDisabled(Unauthenticated):
    message_key = "sys.login.disabled"


class RefreshInvalid(Unauthenticated):
    message_key = "sys.refresh.invalid"


class OldPasswordWrong(InvalidArgument):
    message_key = "sys.password.old_wrong"


class CaptchaWrong(InvalidArgument):
    message_key = "sys.login.captcha_wrong"


class CasNotConfigured(InvalidArgument):
    message_key = "sys.login.cas_not_configured"
