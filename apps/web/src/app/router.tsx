import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import {
  AuthLandingPage,
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from '../features/auth';
import { HomePage } from '../features/home';
import { NotFoundPage } from './not-found-page';
import { RedirectPage } from './redirect-page';
import { RequireSession } from './require-session';

/**
 * The routes whose screens exist. The full tree of spec section 2 (with its flags) comes with the
 * web-shell work; until a screen lands its path shows the 404 page.
 */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/password/reset', element: <ForgotPasswordPage /> },
  { path: '/password/reset/:token/:email', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/auth', element: <AuthLandingPage /> },
  { path: '/redirect', element: <RedirectPage /> },
  // Where sign-in lands when the server names no intended address.
  { path: '/s/auth/redirect', element: <Navigate to="/home" replace /> },
  {
    path: '/',
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <HomePage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
