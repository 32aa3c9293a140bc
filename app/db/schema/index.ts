export * from "./email";
export * from "./organizations";
export * from "./popups";
export * from "./preferences";
export * from "./sessions";
export * from "./stores";
export * from "./subscribers";
export * from "./users";
