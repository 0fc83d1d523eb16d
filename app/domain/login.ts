/** Texts and error types of the sign-in screen (000 §2, §3, §8). */
import { externalLinks } from "./external-links";

export const loginErrors = ["no-user", "session-expired", "google", "can-not-create-user"] as const;
export type LoginError = (typeof loginErrors)[number];

export function isLoginError(value: unknown): value is LoginError {
  return typeof value === "string" && (loginErrors as readonly string[]).includes(value);
}

export const loginErrorMessages: Record<Exclude<LoginError, "no-user">, string> = {
  "session-expired": "Your session has expired, please sign in again",
  google: "There was an error using Google's sign in method",
  "can-not-create-user": "There was an error creating your account",
};

export const loginTexts = {
  title: "Sign in",
  /** No spec text: a short one for search results, /login being the one indexable page. */
  metaDescription: "Sign in to YAMM to review your mail merges and manage your spaces, members and billing.",
  welcome: "Welcome back!",
  signIn: "Sign in with Google",
  noAccountYet: "Don't have an account yet?",
  createAccount: "Create a new account with Google",
  consentBefore: "By continuing, you agree to our",
  termsOfUse: "Terms of Use",
  consentAnd: "and",
  privacyPolicy: "Privacy Policy",
  noUserTitle: "No account yet",
  noUser: (email: string | null) =>
    email ? `${email} doesn't have a YAMM account yet.` : "This Google account doesn't have a YAMM account yet.",
  otherAccountQuestion: "Did you want to use another account?",
  signInWithAnother: "Sign in with another Google account",
  loading: "Signing you in…",
} as const;

export function loginPath({
  error,
  email,
  continueTo,
}: { error?: LoginError; email?: string | null; continueTo?: string | null } = {}) {
  const params = new URLSearchParams();
  if (error) params.set("error", error);
  if (email) params.set("email", email);
  if (continueTo && continueTo !== "/") params.set("continue", continueTo);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

export const loginFooterLinks = [
  { label: "Help center", href: externalLinks.helpCenter },
  { label: "Terms of service", href: externalLinks.termsOfService },
  { label: "Privacy policy", href: externalLinks.privacyPolicy },
  { label: "Cookie policy", href: externalLinks.cookiePolicy },
  { label: "Data processing agreement", href: externalLinks.dataProcessingAgreement },
] as const;

export const testimonials = [
  {
    quote: "We send our monthly newsletter to 3,000 customers straight from a sheet. It takes five minutes.",
    author: "Laura M.",
    role: "Marketing lead, retail",
  },
  {
    quote: "Personalised follow-ups to every applicant, tracked opens and clicks, no new tool to learn.",
    author: "David K.",
    role: "Recruiter",
  },
  {
    quote: "Our whole team shares one space: unsubscriptions and bounces stay in sync for everyone.",
    author: "Amira S.",
    role: "Operations manager, non-profit",
  },
] as const;

export const reviewBadges = [
  { name: "Google Workspace Marketplace", rating: "4.9 / 5", detail: "Over 10 million installs" },
  { name: "G2", rating: "4.7 / 5", detail: "Leader in e-mail marketing" },
  { name: "Capterra", rating: "4.8 / 5", detail: "Best ease of use" },
] as const;
