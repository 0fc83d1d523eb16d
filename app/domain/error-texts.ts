/** The fallback error screen and the cookie-error page (000 §2, §8). */
export const oopsTexts = {
  title: "Oops...",
  message: "Sorry, there was a problem.",
  tryAgain: "Try again",
  persists: "If the problem persists",
  contactUs: "contact us",
} as const;

/** 000 §8 generic banner. */
export const genericErrorTexts = {
  title: "Something went wrong.",
  detail: "Please try again later.",
} as const;

/** Under an error, the request's id for the person to quote to support (a text of ours, issue 27). */
export const referenceText = (requestId: string) => `Reference: ${requestId}`;

export const cookieErrorTexts = {
  title: "Whoops",
  message: "First- and third-party cookies must be enabled to use YAMM.",
  help: "Learn how to enable cookies in your browser",
  retry: "I have enabled cookies, try again",
} as const;

export const disabledTexts = {
  title: "Account disabled",
  message: "Sorry, your account is disabled. Contact your space administrator to solve this issue.",
} as const;
