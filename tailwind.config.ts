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
      // A ring that swells and fades around a call to action: the button itself keeps its full contrast
      // (Tailwind's animate-pulse fades the whole button, text and all, to 2.3:1).
      keyframes: {
        "pulse-ring": {
          "0%": { boxShadow: "0 0 0 0 rgb(37 83 230 / 0.6)" },
          "70%, 100%": { boxShadow: "0 0 0 10px rgb(37 83 230 / 0)" },
        },
      },
      animation: { "pulse-ring": "pulse-ring 2s cubic-bezier(0.4, 0, 0.6, 1) infinite" },
    },
  },
  plugins: [],
} satisfies Config;
