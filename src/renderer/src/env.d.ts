/// <reference types="vite/client" />
// window.torpedo is declared by the preload in src/preload/api-types.ts (included by tsconfig.web.json).
