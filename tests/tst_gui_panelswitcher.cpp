// The Panels dock's buttons (PanelSwitcher): every panel's name whole, and each button in the
// same row and column whatever width the panel in front gives the dock, so a click on the
// place a button was opens the same panel.
#include "shell/panelswitcher.h"

#include <QAbstractButton>
#include <QApplication>
#include <QLabel>
#include <QTabWidget>
#include <QTest>
#include <QVBoxLayout>

class TestGuiPanelSwitcher : public QObject
{
    Q_OBJECT

private slots:
    void buttonsKeepTheirPlaces()
    {
        QWidget dock;
        auto *column = new QVBoxLayout(&dock);
        auto *tabs = new QTabWidget;
        for (const char *name :
             {"Workloads", "Occupancy", "Tile explorer", "Decode vs prefill", "Runs", "Results"})
            tabs->addTab(new QLabel(QString::fromLatin1(name)), QString::fromLatin1(name));
        auto *switcher = new PanelSwitcher(tabs);
        column->addWidget(switcher);
        column->addWidget(tabs);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));

        const QList<QAbstractButton *> buttons = switcher->findChildren<QAbstractButton *>();
        QCOMPARE(buttons.size(), 6);
        int widest = 0;
        for (QAbstractButton *b : buttons)
            widest = std::max(widest, b->sizeHint().width());
        QStringList cut;
        // Where each button sits (row, column) at a width: the row from its top edge, the column
        // from its order within the row.
        auto places = [&](int width) -> QList<QPoint> {
            dock.resize(width, 400);
            QApplication::processEvents();
            QList<QPoint> out;
            for (QAbstractButton *b : buttons) {
                int col = 0;
                for (QAbstractButton *o : buttons)
                    col += o->y() == b->y() && o->x() < b->x() ? 1 : 0;
                out << QPoint(col, b->y());
                if (b->width() < b->sizeHint().width() - 1) // the name cut
                    cut << QStringLiteral("%1 at %2 px").arg(b->text()).arg(width);
            }
            return out;
        };
        // From room for 3 buttons a row to room for 5: always two rows of three.
        const QList<QPoint> three = places(3 * widest + 40);
        for (int width = 3 * widest + 40; width < 6 * widest; width += widest / 3)
            QCOMPARE(places(width), three);
        int rows = 0;
        for (const QPoint &p : three)
            rows = std::max(rows, p.y());
        QVERIFY(rows > 0); // two rows
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(", "))));
        // Clicking a button brings its panel forward.
        buttons.at(4)->click();
        QCOMPARE(tabs->currentIndex(), 4);
    }
};

QTEST_MAIN(TestGuiPanelSwitcher)
#include "tst_gui_panelswitcher.moc"
