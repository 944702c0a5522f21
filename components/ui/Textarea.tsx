import { forwardRef, type TextareaHTMLAttributes } from 'react'
import { cn } from './cn'
import { fieldClasses } from './Input'

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, rows = 4, ...props }, ref) {
  return <textarea ref={ref} rows={rows} className={cn(fieldClasses, 'resize-y py-2 leading-snug', className)} {...props} />
})
