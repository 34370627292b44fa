// Used by `npm run dev`: the same database preparation `npm start` does.
import { prepareDatabase } from "./lib/database.mjs";

prepareDatabase(process.env, { demoAsConfigured: true });
