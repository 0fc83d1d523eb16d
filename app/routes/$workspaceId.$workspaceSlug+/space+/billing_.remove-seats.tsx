// 001 §2 Sub-routes of the billing area: the checkout's remove-seats screen, served here too (its query kept).
export { action, default, ErrorBoundary, loader, meta } from "../checkout+/remove-seats";
