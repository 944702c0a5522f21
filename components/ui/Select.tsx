import { forwardRef, type SelectHTMLAttributes } from 'react'
import { cn } from './cn'
import { fieldClasses } from './Input'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: readonly SelectOption[]
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ className, options, ...props }, ref) {
  return (
    <select ref={ref} className={cn(fieldClasses, 'h-9 pr-8', className)} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
})
