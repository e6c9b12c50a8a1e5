export { __COMPONENT__ } from "./Component";
export type { __COMPONENT__Props } from "./Component";
