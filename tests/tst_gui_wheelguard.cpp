// A wheel turned over a scrolled panel scrolls it: a spin box, combo box or slider the pointer
// passes over keeps its value unless the user clicked or tabbed into it first (WheelGuard).
#include "shell/wheelguard.h"

#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace {

// One notch of a mouse wheel, turned towards the user (down), over the middle of w.
void turnWheel(QWidget *w)
{
    const QPointF pos(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(pos, w->mapToGlobal(pos), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

} // namespace

class TestGuiWheelGuard : public QObject
{
    Q_OBJECT

    QScrollArea *m_area = nullptr;
    QSpinBox *m_spin = nullptr;
    QComboBox *m_combo = nullptr;
    QSlider *m_slider = nullptr;

private slots:
    void initTestCase() { WheelGuard::install(); }

    void init()
    {
        // A panel taller than its scroll area, the fields in the middle of it.
        auto *panel = new QWidget;
        auto *layout = new QVBoxLayout(panel);
        layout->addSpacing(400);
        m_spin = new QSpinBox;
        m_spin->setRange(0, 100);
        m_spin->setValue(50);
        m_combo = new QComboBox;
        m_combo->addItems({"fp32", "bf16", "fp8"});
        m_combo->setCurrentIndex(1);
        m_slider = new QSlider(Qt::Horizontal);
        m_slider->setRange(0, 10);
        m_slider->setValue(5);
        layout->addWidget(m_spin);
        layout->addWidget(m_combo);
        layout->addWidget(m_slider);
        layout->addSpacing(800);
        m_area = new QScrollArea;
        m_area->setWidgetResizable(true);
        m_area->setWidget(panel);
        m_area->resize(300, 300);
        m_area->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_area));
        m_area->verticalScrollBar()->setValue(200);
        // The pointer passes over the fields; the keyboard is elsewhere.
        m_area->setFocus(Qt::OtherFocusReason);
        if (QWidget *f = QApplication::focusWidget())
            f->clearFocus();
    }

    void cleanup()
    {
        delete m_area;
        m_area = nullptr;
    }

    void unfocusedFieldKeepsItsValue_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("spin box") << "spin";
        QTest::newRow("combo box") << "combo";
        QTest::newRow("slider") << "slider";
    }

    void unfocusedFieldKeepsItsValue()
    {
        QFETCH(QString, field);
        QWidget *w = field == "spin"    ? static_cast<QWidget *>(m_spin)
                     : field == "combo" ? static_cast<QWidget *>(m_combo)
                                        : static_cast<QWidget *>(m_slider);
        QVERIFY(!w->hasFocus());
        const int scrolled = m_area->verticalScrollBar()->value();
        turnWheel(w);
        QCOMPARE(m_spin->value(), 50);
        QCOMPARE(m_combo->currentIndex(), 1);
        QCOMPARE(m_slider->value(), 5);
        // The turn went to the panel instead: it scrolled down.
        QVERIFY2(m_area->verticalScrollBar()->value() > scrolled,
                 qPrintable(QStringLiteral("scroll bar at %1").arg(m_area->verticalScrollBar()->value())));
    }

    void focusedFieldTakesTheWheel()
    {
        m_area->activateWindow();
        m_spin->setFocus(Qt::OtherFocusReason);
        QTRY_VERIFY(m_spin->hasFocus());
        turnWheel(m_spin);
        QCOMPARE(m_spin->value(), 49);
    }
};

QTEST_MAIN(TestGuiWheelGuard)
#include "tst_gui_wheelguard.moc"
