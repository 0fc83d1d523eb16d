import { useEffect, useRef, type InputHTMLAttributes } from "react";

/**
 * A checkbox of a plain form whose checked state follows `checked` as the
 * page's data changes (after Back, or a choice the server changed) without
 * being remounted, so focus stays on the box a person ticks while their
 * choice goes into the URL. Before JavaScript it starts at `checked`.
 */
export function SyncedCheckbox({
  checked,
  ...props
}: { checked: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "checked" | "defaultChecked">) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.checked = checked;
  }, [checked]);
  return <input ref={box} type="checkbox" defaultChecked={checked} {...props} />;
}
