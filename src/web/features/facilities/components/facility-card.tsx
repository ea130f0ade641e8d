import { Globe, MapPin, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card'
import type { Facility } from '../api'

type FacilityCardProps = {
  facility: Facility
  /** Left out for a member who may not delete facilities (docs/product.md#teams). */
  onDelete?: (facility: Facility) => void
}

export function FacilityCard({ facility, onDelete }: FacilityCardProps) {
  const path = `/facility/${facility.id}`
  return (
    <Card className="gap-4">
      {/* The title's link is stretched over the whole header, so a click anywhere on it opens the facility. */}
      <CardHeader className="relative">
        <CardTitle asChild>
          <h2 className="text-lg break-words">
            <Link
              to={path}
              className="underline-offset-4 outline-hidden after:absolute after:inset-0 after:rounded-md hover:underline focus-visible:after:ring-2 focus-visible:after:ring-ring"
            >
              {facility.name}
            </Link>
          </h2>
        </CardTitle>
        {facility.address ? (
          <CardDescription className="flex items-start gap-1.5">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{facility.address}</span>
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {facility.description ? <p className="line-clamp-2 text-sm break-words">{facility.description}</p> : null}
        <p className="mt-auto flex items-center gap-1.5 text-xs text-muted-foreground">
          <Globe className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">Time zone: </span>
          {facility.timeZone.replaceAll('_', ' ')}
        </p>
      </CardContent>
      <CardFooter className="gap-2">
        <Button asChild className="flex-1">
          <Link to={path} aria-label={`Manage ${facility.name}`}>
            Manage
          </Link>
        </Button>
        {onDelete ? (
          <Button variant="outline" size="icon" aria-label={`Delete ${facility.name}`} onClick={() => onDelete(facility)}>
            <Trash2 className="text-destructive" aria-hidden="true" />
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  )
}
