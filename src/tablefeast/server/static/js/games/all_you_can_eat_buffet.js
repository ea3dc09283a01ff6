// Until this game has its own renderer, the plain one draws it.
export { render } from "./generic.js";
