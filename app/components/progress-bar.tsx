import { useNavigation } from "@remix-run/react";

/** A thin bar across the top while any navigation or submission is under way. */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      aria-valuetext={busy ? "Loading" : undefined}
      className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-orange-500 transition-transform duration-500 ${
        busy ? "scale-x-75" : "scale-x-0"
      }`}
    />
  );
}
