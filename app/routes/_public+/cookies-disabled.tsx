import { externalLinks } from "~/domain/external-links";
import { cookieErrorTexts } from "~/domain/error-texts";
import { pageTitle } from "~/domain/page-title";
// Nothing of it is drawn here, but every page loads it with the root: importing it keeps the texts
// above in its chunk rather than in one of their own on every page (see components/ui/index.ts).
import "~/components/ui";

/** The "Whoops" page: shown when the browser refused our cookies during sign-in (000 §2, §8 incognito-mode). */
export default function CookiesDisabled() {
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col justify-center gap-4 p-8">
      <h1 className="text-4xl font-bold">{cookieErrorTexts.title}</h1>
      <p className="text-lg text-slate-700">{cookieErrorTexts.message}</p>
      <ul className="list-inside list-disc text-brand-700">
        {Object.entries(externalLinks.enableCookiesHelp).map(([browser, href]) => (
          <li key={browser}>
            <a className="underline" href={href}>
              {cookieErrorTexts.help} ({browser[0]!.toUpperCase() + browser.slice(1)})
            </a>
          </li>
        ))}
      </ul>
      <a className="self-start rounded-md bg-brand-600 px-4 py-2 font-medium text-white" href="/login">
        {cookieErrorTexts.retry}
      </a>
    </main>
  );
}

export const meta = () => pageTitle(cookieErrorTexts.title);
