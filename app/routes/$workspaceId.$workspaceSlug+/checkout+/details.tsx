// The step bodies come with the checkout issue; until then every step is the checkout heading.
export { default, loader, meta } from "./_index";
