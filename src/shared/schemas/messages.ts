/**
 * The spec's literal validation texts. The server sends them in `details` and the
 * forms show them; the client translates them through its catalogue by these exact English strings.
 */
export const MSG = {
  required: 'Campo obligatorio',
  usernameRequired: 'Username is a required field',
  passwordRequired: 'Password is a required field',
  passwordMin: 'Mininum characters is at least 8',
  passwordMismatch: 'The password do not match',
  incorrectLogin: 'Incorrect user or password',
  captchaRequired: 'Solve the captcha to continue',
  recoverySent: 'Check your email to change the password',
  linkExpired: 'The link expired, please request new password',
  wrongCurrentPassword: 'The current password is not correct',
} as const;
