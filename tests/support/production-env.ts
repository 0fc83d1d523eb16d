/** A complete production configuration of the app, every service its own (app/env.server.ts checks it). */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-secret-of-its-own-made-with-openssl-rand",
  API_V1_URL: "https://api.example.com/api/v1",
  API_V2_URL: "https://api.example.com/api/v2",
  BILLING_API_URL: "https://billing.example.com/billing",
  AUTH_API_URL: "https://api.example.com",
  APP_URL: "https://dashboard.example.com",
  GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "a-google-secret",
};
