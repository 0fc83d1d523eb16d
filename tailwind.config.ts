import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    screens: {
      // The spec's breakpoints (000 §9); `tablet` decides drawer versus sidebar.
      "small-mobile": "375px",
      mobile: "480px",
      tablet: "990px",
      laptop: "1024px",
      desktop: "1440px",
    },
    extend: {
      colors: {
        brand: {
          50: "#eef4ff",
          100: "#dbe6fe",
          500: "#3b6cf6",
          600: "#2553e6",
          700: "#1d40c4",
          900: "#172d6e",
        },
      },
      spacing: { sidebar: "256px" },
      width: { "account-menu": "334px" },
    },
  },
  plugins: [],
} satisfies Config;
