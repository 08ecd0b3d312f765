#!/usr/bin/env bash
# The café kiosk's owner program: it keeps the cart and answers each tap with `kiosk ctl set`,
# so the screen follows the order without a reload. Run it beside the kiosk:
#
#   kiosk run --config config/examples/cafe/cafe.json --backend headless --clock real --socket /tmp/cafe.sock &
#   KIOSK_SOCKET=/tmp/cafe.sock config/examples/cafe/owner.sh
#
# Needs bash 4 and `kiosk` on PATH (or KIOSK=/path/to/kiosk). Without KIOSK_SOCKET it talks to
# the service's socket, /run/swiftkiosk/kiosk.sock.
set -euo pipefail
KIOSK=${KIOSK:-kiosk}
SOCKET=${KIOSK_SOCKET:-/run/swiftkiosk/kiosk.sock}
ctl() { "$KIOSK" ctl --socket "$SOCKET" "$@" > /dev/null; }

# The menu, by the ids of the config's + buttons (each product's − is ID"Minus", its count ID"Count").
PRODUCTS=(espresso cappuccino latte tea croissant cookie)
# What the owner writes itself (the cart's lines, the popups' words) in each of the config's
# languages; the kiosk's own texts come from strings/*.json. LANG follows languageChanged.
LANG_SHOWN=en
declare -A NAME_en=([espresso]="Espresso" [cappuccino]="Cappuccino" [latte]="Latte" [tea]="Black tea"
                    [croissant]="Croissant" [cookie]="Cookie")
declare -A NAME_de=([espresso]="Espresso" [cappuccino]="Cappuccino" [latte]="Milchkaffee" [tea]="Schwarztee"
                    [croissant]="Croissant" [cookie]="Keks")
declare -A NAME_hi=([espresso]="एस्प्रेसो" [cappuccino]="कैपुचीनो" [latte]="लाटे" [tea]="काली चाय"
                    [croissant]="क्रोसाँ" [cookie]="कुकी")
declare -A PAY=([en]="Pay" [de]="Zahlen" [hi]="भुगतान")
declare -A TO_TABLE=([en]="Order %d is on its way to your table. We'll call your number."
                     [de]="Bestellung %d kommt an Ihren Tisch. Wir rufen Ihre Nummer auf."
                     [hi]="ऑर्डर %d आपकी मेज़ पर आ रहा है। हम आपका नंबर पुकारेंगे।")
declare -A TO_GO=([en]="Order %d will be packed to take away. We'll call your number."
                  [de]="Bestellung %d wird zum Mitnehmen verpackt. Wir rufen Ihre Nummer auf."
                  [hi]="ऑर्डर %d पैक किया जाएगा। हम आपका नंबर पुकारेंगे।")
name() { local -n names="NAME_$LANG_SHOWN"; printf '%s' "${names[$1]}"; }
declare -A CENTS=([espresso]=240 [cappuccino]=350 [latte]=390 [tea]=280 [croissant]=220 [cookie]=180)
declare -A COUNT=()
TOTAL=0
ORDER_NUMBER=0
WHERE=eatHere     # the "where" group's checked button: eatHere or takeAway

# Cents as euros with the language's decimal mark: 3.50 € in English, 3,50 € in German.
euros() {
    local mark=.; [[ $LANG_SHOWN == de ]] && mark=,
    printf '%d%s%02d €' $(($1 / 100)) "$mark" $(($1 % 100))
}

# One product's count and its − button.
show_product() {
    local n=${COUNT[$1]:-0}
    if ((n > 0)); then ctl set "$1Count" text="$n" color=#2B2118; ctl set "$1Minus" enabled=true
    else ctl set "$1Count" text=0 color=#B8AA9C; ctl set "$1Minus" enabled=false; fi
}

# The cart column: one line per product (names and prices in two labels, so they line up),
# the total (which the Pay button's title, "Pay {total.text}", follows by itself), and
# Pay and Clear enabled only when there is something to pay.
show_cart() {
    local items="" prices="" id n
    TOTAL=0
    for id in "${PRODUCTS[@]}"; do
        n=${COUNT[$id]:-0}
        ((n > 0)) || continue
        items+="$n × $(name "$id")"$'\n'
        prices+="$(euros $((n * CENTS[$id])))"$'\n'
        TOTAL=$((TOTAL + n * CENTS[$id]))
    done
    items=${items%$'\n'}
    # "@order.empty" is a key of the string files: the kiosk shows it in the language shown.
    ctl set cartItems text="${items:-@order.empty}"
    ctl set cartPrices text="${prices%$'\n'}"
    ctl set total text="$(euros $TOTAL)"
    local any=false; ((TOTAL > 0)) && any=true
    ctl set pay enabled=$any
    ctl set clear enabled=$any
}

clear_cart() {
    local id
    for id in "${PRODUCTS[@]}"; do COUNT[$id]=0; show_product "$id"; done
    show_cart
    # The next customer starts at "Eat here": the group unchecks "Take away" by itself.
    WHERE=eatHere
    ctl set eatHere checked=true
}

ctl ping          # fails loudly (and ends the script) when the kiosk is not there
clear_cart        # start from an empty cart, whatever an earlier run left on the screen

# `kiosk ctl events` prints the state as one line, then one line per event:
#   {"t": 2504, "source": "cappuccino", "event": "tapped"}
# Taps are always a person's; our own sets come back as propertiesChanged (origin owner),
# which the case below ignores.
event='"source": "([^"]+)", "event": "([^"]+)"'
language='"language": "([a-z-]+)"'
while IFS= read -r line; do
    # The first line is the state (with the language shown); then languageChanged tells.
    if [[ $line == *'"ok": true'* || $line == *'"event": "languageChanged"'* ]] && [[ $line =~ $language ]]; then
        LANG_SHOWN=${BASH_REMATCH[1]}
        show_cart   # the cart's lines and total in the new language's words
        continue
    fi
    [[ $line =~ $event ]] || continue
    from=${BASH_REMATCH[1]}
    case ${BASH_REMATCH[2]}:$from in
        tapped:clear) clear_cart ;;
        tapped:pay)
            ((TOTAL > 0)) || continue
            ORDER_NUMBER=$((ORDER_NUMBER + 1))
            ctl show-popup payment --title "${PAY[$LANG_SHOWN]} $(euros $TOTAL)"
            # Stands in for the card terminal: a real owner waits for its "paid" here. If the
            # person pressed Cancel meanwhile, `dismiss` fails and no thanks are shown.
            if [[ $WHERE == takeAway ]]; then thanks=$(printf "${TO_GO[$LANG_SHOWN]}" $ORDER_NUMBER)
            else thanks=$(printf "${TO_TABLE[$LANG_SHOWN]}" $ORDER_NUMBER); fi
            # The payment popup is modal: a stray tap beside it cannot cancel a payment.
            # The thanks close by themselves after 5 s (the config's autoClose).
            (sleep 4 && ctl dismiss payment 2> /dev/null && ctl show-popup thanks --text "$thanks") & ;;
        valueCommitted:eatHere | valueCommitted:takeAway)
            # The "where" group is one choice: the one that reports checked is it.
            [[ $line == *'"checked": true'* ]] && WHERE=$from ;;
        popupShown:thanks) clear_cart ;;   # paid: the next customer starts afresh
        tapped:*Minus)
            id=${from%Minus}
            if ((${COUNT[$id]:-0} > 0)); then COUNT[$id]=$((COUNT[$id] - 1)); show_product "$id"; show_cart; fi ;;
        tapped:*)
            if [[ -v CENTS[$from] ]]; then
                COUNT[$from]=$((${COUNT[$from]:-0} + 1)); show_product "$from"; show_cart
            fi ;;
    esac
done < <("$KIOSK" ctl --socket "$SOCKET" events)
