// 001 §2 Sub-routes of the billing area: the checkout's add-seats screen, served here too (its query kept).
export { action, default, ErrorBoundary, loader, meta } from "../checkout+/add-seats";
