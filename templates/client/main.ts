// Placeholder client script.
export {};
