export const PRODUCT_NAME = "YAMM";

/** Page titles have the form "{title} | YAMM" (000 §2). */
export function pageTitle(title: string) {
  return [{ title: `${title} | ${PRODUCT_NAME}` }];
}
