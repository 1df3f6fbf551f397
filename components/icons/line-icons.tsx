import type { SVGProps } from "react";

/*
 * The few line icons of the screens that must stay light (the sign-in and other auth screens: the
 * logo, the theme toggle and form messages). Drawn here on the same 24-unit grid and stroke as the lucide
 * icons used elsewhere, so they look alike, without lucide's shared icon component and context in
 * the first load of those screens.
 */

type IconProps = SVGProps<SVGSVGElement>;

function LineIcon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

export const SunIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </LineIcon>
);

export const MoonIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M20.5 14A8.5 8.5 0 1 1 10 3.5a6.5 6.5 0 0 0 10.5 10.5Z" />
  </LineIcon>
);

export const MonitorIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="2" y="3" width="20" height="13" rx="2" />
    <path d="M8 21h8M12 16v5" />
  </LineIcon>
);

export const CircleAlertIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 7.5v5M12 16.5h.01" />
  </LineIcon>
);

export const CircleCheckIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12.5 2.8 2.8L16.5 9.5" />
  </LineIcon>
);

export const MailIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m2.5 7 9.5 6.5L21.5 7" />
  </LineIcon>
);
