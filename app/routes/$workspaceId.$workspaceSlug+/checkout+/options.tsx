// 001 §2: /checkout and /checkout/options are the same billing options step.
export { action, default, loader, meta, ErrorBoundary } from "./_index";
