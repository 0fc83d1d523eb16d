/**
 * The public result pages (002 §2 "Invitation, disabled and result pages";
 * 000 §2 Stop automatic renewal). Texts are the spec's, typos included.
 */

export interface ResultText {
  title: string;
  message: string;
}

/** The one failure text of every result page, followed by a help-centre link. */
export const errorResult = {
  title: "Sorry, an error ocurred",
  message: "Please try again or visit our",
  helpCenter: "Help center",
} as const;

export const unsubscribedTexts = {
  pageTitle: "Unsubscribed",
  success: {
    title: "Unsubscription was successful!",
    message: "The sender has been informed that you no longer wish to receive their e-mails.",
  },
} as const satisfies { pageTitle: string; success: ResultText };

export const formResponseTexts = {
  pageTitle: "Response recorded",
  success: {
    title: "Thanks, your response has been recorded",
    message: "You can now close this window.",
  },
} as const satisfies { pageTitle: string; success: ResultText };

/** `success=0` means failure; anything else (usually `success=1` or nothing) is the success view. */
export function isSuccessResult(searchParams: URLSearchParams) {
  return searchParams.get("success") !== "0";
}

/** The browser tab says what the page says. */
export function resultPageTitle(success: boolean, texts: { pageTitle: string }) {
  return success ? texts.pageTitle : errorResult.title;
}
