import { closeOnSignals } from "../listen";
import { startGoogleEmulator } from "./server";

const emulator = await startGoogleEmulator({
  port: Number(process.env.GOOGLE_PORT ?? 3200),
  hostname: process.env.GOOGLE_HOST || undefined,
  redirectUris: (process.env.GOOGLE_REDIRECT_URIS || "http://localhost:3000/auth/google/callback")
    .split(",")
    .map((uri) => uri.trim())
    .filter(Boolean),
  issuer: process.env.GOOGLE_ISSUER || undefined,
  clientId: process.env.GOOGLE_CLIENT_ID || undefined,
  clientSecret: process.env.GOOGLE_CLIENT_SECRET || undefined,
});
console.log(`Local Google sign-in listening on ${emulator.hostname}:${emulator.port}, issuer ${emulator.issuer}`);

closeOnSignals(emulator.close);
