import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import type { ReportSpace } from '@shared/reports/responses'
import { formatShare } from '../numbers'

// The one module that imports recharts: loaded on its own (utilisation-section.tsx), so the
// Reports page paints, and its tables work, before the charting library has arrived (ADR 0069).

const BAR_ROW_HEIGHT = 56
const AXES_HEIGHT = 72

/** Each sheet's prime and non-prime utilisation as horizontal bars; its table is beside it (SpaceUtilisationTable). */
export function SpaceUtilisationChart({ spaces, showFacility }: { spaces: ReportSpace[]; showFacility: boolean }) {
  const data = spaces.map((space) => ({
    name: showFacility ? `${space.name} (${space.facilityName})` : space.name,
    prime: space.primeShare,
    nonPrime: space.nonPrimeShare,
  }))
  return (
    <BarChart
      responsive
      layout="vertical"
      title="Utilisation by space"
      desc="Share of sellable hours booked in prime time and outside it, one pair of bars a space"
      data={data}
      margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      style={{ width: '100%', height: spaces.length * BAR_ROW_HEIGHT + AXES_HEIGHT }}
    >
      <CartesianGrid horizontal={false} strokeDasharray="3 3" />
      <XAxis type="number" domain={[0, 1]} tickFormatter={(share: number) => formatShare(share, { isWhole: true })} />
      <YAxis type="category" dataKey="name" width={128} tick={{ fontSize: 12 }} />
      <Tooltip formatter={(share) => formatShare(Number(share))} />
      <Legend />
      <Bar dataKey="prime" name="Prime time" fill="var(--color-sky-800)" radius={[0, 3, 3, 0]} />
      <Bar dataKey="nonPrime" name="Non-prime" fill="var(--color-sky-300)" radius={[0, 3, 3, 0]} />
    </BarChart>
  )
}
