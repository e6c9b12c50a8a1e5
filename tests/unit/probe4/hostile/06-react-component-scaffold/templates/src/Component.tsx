import * as React from "react";

export interface __COMPONENT__Props extends React.HTMLAttributes<HTMLDivElement> {
  /** Visual variant */
  variant?: "primary" | "secondary";
}

export function __COMPONENT__({ variant = "primary", className, ...rest }: __COMPONENT__Props) {
  return <div data-variant={variant} className={className} {...rest} />;
}
