import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

// twMerge lets a caller's className override a primitive's defaults (`px-2` beats `px-4`).
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
