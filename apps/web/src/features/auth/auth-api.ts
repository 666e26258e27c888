import { api } from "../../lib/api";

export interface SignUpBody {
  email: string;
  password: string;
  name: string;
  firstName: string;
  lastName: string;
  companyName: string;
  captcha?: string;
  /** The registration checkbox (the server refuses a sign-up without it). */
  acceptTerms: true;
}

export const authApi = {
  signUp: (body: SignUpBody) => api<unknown>("/api/auth/sign-up/email", { body }),
  /** `captcha`: a solved captcha, which the server asks for once an address has had too many attempts. */
  signIn: (body: { email: string; password: string; captcha?: string }) => api<unknown>("/api/auth/sign-in/email", { body }),
  signOut: () => api<unknown>("/api/auth/sign-out", { body: {} }),
  verifyEmail: (body: { email: string; otp: string }) => api<unknown>("/api/auth/email-otp/verify-email", { body }),
  resendVerification: (email: string) =>
    api<unknown>("/api/auth/email-otp/send-verification-otp", { body: { email, type: "email-verification" } }),
  requestPasswordReset: (email: string) =>
    api<unknown>("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } }),
  resetPassword: (body: { newPassword: string; token: string }) => api<unknown>("/api/auth/reset-password", { body }),
  /** `acceptTerms` travels through Google's round trip (additionalData) so a new company records its acceptance. */
  socialSignIn: (acceptTerms = false) =>
    api<{ url?: string }>("/api/auth/sign-in/social", {
      body: {
        provider: "google",
        callbackURL: "/dashboard",
        errorCallbackURL: "/login?signInError=google",
        ...(acceptTerms ? { additionalData: { acceptTerms: true } } : {}),
      },
    }),
  ssoSignIn: (email: string) =>
    api<{ url?: string }>("/api/auth/sign-in/sso", {
      body: { email, callbackURL: "/dashboard", errorCallbackURL: "/login?signInError=sso" },
    }),
};
