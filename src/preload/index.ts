// The IPC API is derived from the shared contract once it exists; until then the
// renderer gets nothing from the main process.
export {}
