export { AuthLandingPage } from './auth-landing-page';
export { AuthLayout, authStyles } from './auth-layout';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { NewPasswordFields, type NewPasswordValues } from './new-password-fields';
export { RegisterPage } from './register-page';
export { ResetPasswordPage } from './reset-password-page';
export { nameRules, newPasswordRules } from './use-email-field';
export { VerifyEmailPage } from './verify-email-page';
