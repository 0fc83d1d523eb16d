import tpl01 from "~/../public/images/templates/tpl-01.svg";
import tpl02 from "~/../public/images/templates/tpl-02.svg";
import tpl03 from "~/../public/images/templates/tpl-03.svg";
import tpl04 from "~/../public/images/templates/tpl-04.svg";
import tpl05 from "~/../public/images/templates/tpl-05.svg";
import tpl06 from "~/../public/images/templates/tpl-06.svg";
import tpl07 from "~/../public/images/templates/tpl-07.svg";
import tpl08 from "~/../public/images/templates/tpl-08.svg";
import tpl09 from "~/../public/images/templates/tpl-09.svg";
import tpl10 from "~/../public/images/templates/tpl-10.svg";
import tpl11 from "~/../public/images/templates/tpl-11.svg";
import tpl12 from "~/../public/images/templates/tpl-12.svg";

/**
 * The reference backend's template thumbnails (backend/src/db/seed/templates.ts)
 * are SVGs in public/images/templates/, which remix-serve sends with an hour's
 * cache. Imported here, the build also copies each to /build/_assets/ under a
 * name that carries its content's hash, sent as immutable for a year; the
 * gallery shows that copy of a thumbnail the backend names by its public path,
 * and any other thumbnail as the backend gives it.
 */
const fingerprinted: Record<string, string> = {
  "tpl-01": tpl01,
  "tpl-02": tpl02,
  "tpl-03": tpl03,
  "tpl-04": tpl04,
  "tpl-05": tpl05,
  "tpl-06": tpl06,
  "tpl-07": tpl07,
  "tpl-08": tpl08,
  "tpl-09": tpl09,
  "tpl-10": tpl10,
  "tpl-11": tpl11,
  "tpl-12": tpl12,
};

const PUBLIC_PATH = /^\/images\/templates\/([\w-]+)\.svg$/;

export function thumbnailUrl(thumbnail: string | null) {
  const name = thumbnail?.match(PUBLIC_PATH)?.[1];
  return (name && fingerprinted[name]) || thumbnail;
}
