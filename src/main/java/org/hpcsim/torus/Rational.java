package org.hpcsim.torus;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.regex.Pattern;

/**
 * An exact rational number. CNP_Alloc and the feasibility test decide by equality (an
 * availability-matrix entry that is exactly 0, a job time that exactly equals a remaining processing
 * time), and the paper's example has times such as 5.875 that must come out exactly; doubles would
 * make those decisions depend on rounding. The numerator and denominator are {@link BigInteger}s
 * because they grow: every load CNP_Alloc adds is divided by a power of two again, and the search for
 * the minimum finish time probes deadlines with ever new denominators; a {@code long} would overflow
 * silently. The link-disjoint optimum only adds times, so its search counts exactly in {@code long}
 * steps of their common denominator ({@link #denominator()}, {@link #longValueExact()}).
 */
public final class Rational implements Comparable<Rational> {
    public static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);

    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");

    private final BigInteger numerator;
    private final BigInteger denominator;

    private Rational(BigInteger numerator, BigInteger denominator) {
        this.numerator = numerator;
        this.denominator = denominator;
    }

    private static Rational of(BigInteger numerator, BigInteger denominator) {
        if (denominator.signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        if (denominator.signum() < 0) {
            numerator = numerator.negate();
            denominator = denominator.negate();
        }
        BigInteger g = numerator.gcd(denominator);
        return g.equals(BigInteger.ONE) ? new Rational(numerator, denominator)
                : new Rational(numerator.divide(g), denominator.divide(g));
    }

    public static Rational of(long value) {
        return new Rational(BigInteger.valueOf(value), BigInteger.ONE);
    }

    /**
     * A non-negative decimal such as {@code 2}, {@code 0.5} or {@code 5.875}, taken exactly. No sign
     * and no exponent, so that a typing slip cannot ask for a number with a billion digits.
     */
    public static Rational parseDecimal(String text) {
        if (!DECIMAL.matcher(text).matches()) {
            throw new IllegalArgumentException("expected a decimal number such as 2 or 0.5, got '" + text + "'");
        }
        BigDecimal d = new BigDecimal(text);
        return of(d.unscaledValue(), BigInteger.TEN.pow(d.scale()));
    }

    /** The denominator in lowest terms, positive: what a fixed-point copy of the value must scale by. */
    BigInteger denominator() {
        return denominator;
    }

    /**
     * The value as a {@code long}.
     *
     * @throws ArithmeticException if it is not an integer or does not fit
     */
    long longValueExact() {
        if (!denominator.equals(BigInteger.ONE)) {
            throw new ArithmeticException(this + " is not an integer");
        }
        return numerator.longValueExact();
    }

    public Rational add(Rational o) {
        return of(numerator.multiply(o.denominator).add(o.numerator.multiply(denominator)),
                denominator.multiply(o.denominator));
    }

    public Rational subtract(Rational o) {
        return of(numerator.multiply(o.denominator).subtract(o.numerator.multiply(denominator)),
                denominator.multiply(o.denominator));
    }

    public Rational multiply(Rational o) {
        return of(numerator.multiply(o.numerator), denominator.multiply(o.denominator));
    }

    public Rational divide(Rational o) {
        return of(numerator.multiply(o.denominator), denominator.multiply(o.numerator));
    }

    public Rational negate() {
        return new Rational(numerator.negate(), denominator);
    }

    public int signum() {
        return numerator.signum();
    }

    public Rational min(Rational o) {
        return compareTo(o) <= 0 ? this : o;
    }

    public Rational max(Rational o) {
        return compareTo(o) >= 0 ? this : o;
    }

    @Override
    public int compareTo(Rational o) {
        return numerator.multiply(o.denominator).compareTo(o.numerator.multiply(denominator));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rational r && numerator.equals(r.numerator) && denominator.equals(r.denominator);
    }

    @Override
    public int hashCode() {
        return numerator.hashCode() * 31 + denominator.hashCode();
    }

    /**
     * The value as a decimal of at most 16 significant digits: exact when it has no more (as every
     * time of the paper's examples), otherwise rounded half-even, as for 1/3 or for the long binary
     * fractions that halving loads again and again builds. Trailing zeros are dropped and the scale is
     * never negative, so 10 prints as {@code 10}.
     */
    public BigDecimal toBigDecimal() {
        BigDecimal value = new BigDecimal(numerator).divide(new BigDecimal(denominator), MathContext.DECIMAL64)
                .stripTrailingZeros();
        return value.scale() < 0 ? value.setScale(0) : value;
    }

    /** The exact value as {@code p/q}, or {@code p} for an integer. */
    public String toFraction() {
        return denominator.equals(BigInteger.ONE) ? numerator.toString() : numerator + "/" + denominator;
    }

    /** {@link #toBigDecimal()} without an exponent. */
    @Override
    public String toString() {
        return toBigDecimal().toPlainString();
    }
}
